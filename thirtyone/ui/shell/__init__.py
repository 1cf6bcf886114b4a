"""The app around every page: the entry (``app.py``), the navigation (``nav.py``), the
language, the sidebar, class links and identity, and the store the UI opens."""

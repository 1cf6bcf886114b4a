"""The app's user interface, the only part of the package that imports streamlit:

- ``shell/``: the app around every page (``app.py`` with the navigation in ``nav.py``, the
  language, the sidebar's variant picker and display options, class links, the store);
- ``pages/<room>/``: one room per page, ``page()`` in its ``__init__.py`` with its helpers
  beside it (``home``, ``learn``, ``scorer``, ``play``, ``variants``, ``odds_lab``,
  ``classroom``, ``plan``, ``class_table``, ``challenge``);
- ``widgets/``: what several pages draw (cards, the felt and its move buttons, plain text,
  headings, streamed plots...);
- ``css/``: the stylesheets.
"""

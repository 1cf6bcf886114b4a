"""The Thirty-One teaching app: ``streamlit run app.py``.

The app is ``thirtyone/ui/shell/app.py`` (its pages are callables, listed in
``thirtyone/ui/shell/nav.py``); this launcher runs it from a checkout. ``thirtyone app`` runs
``thirtyone/ui/shell/app.py`` itself.
"""

from thirtyone.ui.shell.app import main

main()

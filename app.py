"""The Thirty-One teaching app: ``streamlit run app.py``.

The app is ``thirtyone/ui/app.py``; this launcher runs it from a checkout, with the pages in
``pages/`` beside it. An installed package runs ``thirtyone/ui/app.py`` itself.
"""

from thirtyone.ui.app import main

main()

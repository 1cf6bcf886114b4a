"""The Thirty-One teaching app: ``streamlit run app.py``.

``streamlit run`` finds ``app`` below, a ``streamlit.starlette.App``, and serves it (with the
table bell's route, ``thirtyone/ui/shell/bell.py``, and the start in ``.../server.py``); each
session's run executes this file as ``__main__``, which draws the page
(``thirtyone/ui/shell/main.py``; its pages are callables, listed in
``thirtyone/ui/shell/nav.py``). ``thirtyone app`` runs the same entry
from the package, ``thirtyone/ui/shell/app.py``.
"""

from streamlit.starlette import App

from thirtyone.ui.shell import bell, server

app = App(__file__, routes=bell.routes(), lifespan=server.lifespan)

if __name__ == "__main__":
    from thirtyone.ui.shell.main import main

    main()

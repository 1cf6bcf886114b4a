"""The app's entry script in an installed wheel (``thirtyone app`` runs it); a checkout's
top-level ``app.py`` is the same.

Streamlit runs it twice over: ``streamlit run`` finds ``app`` below, a ``streamlit.starlette.App``,
and serves it (with the table bell's route, ``shell.bell``, beside Streamlit's own); and each
session's run executes this file as ``__main__``, which draws the page (``shell.main``). The
pages are callables (``shell/nav.py``), so no ``pages/`` folder is needed beside it.
"""

from streamlit.starlette import App

from thirtyone.ui.shell import bell, server

app = App(__file__, routes=bell.routes(), lifespan=server.lifespan)

if __name__ == "__main__":
    from thirtyone.ui.shell.main import main

    main()

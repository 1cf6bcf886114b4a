"""One room per page: ``page()`` in each room's ``__init__.py`` (registered in
``thirtyone.ui.shell.nav``), with the helpers only that page uses beside it."""

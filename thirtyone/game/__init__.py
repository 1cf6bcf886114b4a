"""The games people play: the table state machine for the draw, swap, widow and switch
families (``table``, with hand values in ``hands``), Banking Thirty-One (``banking``) and
game records (``records``). Imports only ``thirtyone.core`` (and ``i18n``)."""

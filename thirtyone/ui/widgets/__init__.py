"""Widgets the pages share: the felt's parts that more than one page draws."""

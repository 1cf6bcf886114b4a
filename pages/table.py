"""Class table: one shared table of a class, several people at it, each seeing only their
own cards."""

from thirtyone.ui.class_table import table_page

table_page()

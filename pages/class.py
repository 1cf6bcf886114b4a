"""Class: create a class (teacher), join one with a code (student), resume, and the
teacher's dashboard."""

from thirtyone.ui.classroom import class_page

class_page()

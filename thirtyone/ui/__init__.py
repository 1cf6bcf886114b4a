"""Streamlit helpers shared by the pages. Only this package, app.py and pages/ import streamlit."""

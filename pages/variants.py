import streamlit as st

st.title("variants")
st.info("This page is being built.")

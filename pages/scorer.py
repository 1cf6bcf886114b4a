import streamlit as st

st.title("scorer")
st.info("This page is being built.")

import streamlit as st

st.title("home")
st.info("This page is being built.")

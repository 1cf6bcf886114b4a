import streamlit as st

st.title("play")
st.info("This page is being built.")

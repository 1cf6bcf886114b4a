import streamlit as st

st.title("learn")
st.info("This page is being built.")

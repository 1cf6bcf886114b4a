import streamlit as st

st.title("odds_lab")
st.info("This page is being built.")

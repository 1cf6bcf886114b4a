"""Exact odds by enumeration, one question per module: ``dealt`` (the dealt-hand
distribution and a hand's standing), ``deal`` (special hands on the deal), ``moves`` (the value
after each possible move), ``race`` (racing to 31 alone), ``knock`` (how safe a knock is,
exact); ``tables`` holds the 52x52x52 lookup of any three cards' value."""

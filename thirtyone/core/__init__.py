"""The core values every other layer builds on: cards, rules and variants, scoring, actions,
events, errors and the text formatting of numbers. Imports nothing else of the package."""

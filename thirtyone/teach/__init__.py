"""Teaching content as data behind the pages: lessons and quizzes (``lessons``), the games'
history and names (``lore``), the variants compared (``variant_table``, ``compare``)."""

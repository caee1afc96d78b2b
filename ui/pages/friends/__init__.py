"""Play with friends: people play each other at one table online.

Drawn by pages/friends.py: ``logic`` (the table's setting, its game rebuilt from the store,
the rule questions), ``table`` (what a session does at the table, through the store, and the
callbacks), ``setup`` (the address, the set-up form's callbacks, the links), ``words`` (what
it says), ``view`` (a seat's view, and which view the address opens), ``host_view`` (the
set-up form and the host's view).
"""

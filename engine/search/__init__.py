"""The solver and the judge: the exact search (:mod:`engine.search.solve`), the deals of
the hidden tiles a seat's view allows (:mod:`engine.search.deals`,
:mod:`engine.search.sampler`), how likely each is (:mod:`engine.search.inference`), a
finished round's score for a seat (:mod:`engine.search.scoring`), paired statistics over
deals (:mod:`engine.search.paired`) and each move's worth from the mover's view
(:mod:`engine.search.appraise`).  Imports only :mod:`engine.game`.
"""

"""Everything only Sudoku Explainer does, each file named as its C twin in
``sudoku_logic/native/se/``: its orders (:mod:`.order`), its basic rules in its order
(singles, direct techniques, intersections, subsets, fish, wings: the steps of the shared
families), its uniqueness and BUG rules, Aligned Exclusion, its chaining engine
(:mod:`.chaining` and its parts, :mod:`.chain_rules` the producers with their words) and
its codes for the compiled engine."""

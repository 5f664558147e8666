"""The chain engines HoDoKu's chain techniques run on: the chain core (one candidate index,
the direct-implication rule, closures, HoDoKu's working copy), the tabling search with its
group and ALS nodes and tables, the propagation of forcing nets, and the chain printer."""

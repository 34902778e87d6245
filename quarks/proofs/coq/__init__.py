"""The Coq theories that prove claims for all parameters (``*.v``, compiled by :mod:`quarks.certify.coq_gate`)."""

"""Universal approximation by linear units gated by linear threshold gates, with rigorous sup bounds."""

"""Seeds 000-002 (The Quarks of Attention, Baldi & Vershynin): one submodule per topic."""

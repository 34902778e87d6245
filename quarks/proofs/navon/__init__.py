"""Seed 003, Navon, *Attention is optimal building block*: the claims."""

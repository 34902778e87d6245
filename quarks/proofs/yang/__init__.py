"""Seed 004 (Yang, Strobl, Chiang, Angluin): simulating hard attention using soft attention."""

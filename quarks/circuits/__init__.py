"""Circuits of standard-model neurons with attention operations."""

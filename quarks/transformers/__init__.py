"""Other people's transformers: export quarks' compiled networks to PyTorch and TransformerLens."""

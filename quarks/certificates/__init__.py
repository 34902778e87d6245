"""The certificate format and the builders of evidence records."""

"""Writers of Coq files from verified data: exported certificates, projects, packed data, halves."""

"""One verification run: the driver, the Coq phase, the duration forecast."""

"""Other people's transformers: import (tracr, PyTorch / TransformerLens, a plain weight format) and
check softmax against average-hard attention exactly, with a certificate.

:mod:`.weights` (the ``quarks-weights/1`` format, reader, translation into quarks.attention),
:mod:`.from_tracr`, :mod:`.from_torch` (importers; their libraries are optional extras),
:mod:`.soft_hard` (the check), :mod:`.example` (a small network of our own, in the format).
"""

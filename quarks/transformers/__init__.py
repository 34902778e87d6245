"""Other people's transformers: import them (tracr, PyTorch / TransformerLens, a plain weight format) and
check softmax against average-hard attention exactly, with a certificate; export quarks' compiled networks
to PyTorch and TransformerLens.

Import: :mod:`.weights` (the ``quarks-weights/1`` format, reader, translation into quarks.attention),
:mod:`.from_tracr`, :mod:`.from_torch` (importers; their libraries are optional extras), :mod:`.soft_hard`
(the check), :mod:`.example` (a small network of our own, in the format).  Export: :mod:`.export`,
:mod:`.source`, :mod:`.to_torch`, :mod:`.to_lens`.
"""

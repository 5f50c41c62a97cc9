"""Where a model runs and in which arithmetic: the device a command asks for, checked against
the machine (device.py), and float32 or bfloat16 by what the processor or GPU offers, with the
CPU's kernels for bfloat16 products (precision.py). Torch is imported only where a tensor is
made, so the commands' options read it at start-up.
"""

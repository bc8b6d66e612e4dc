"""The counting engine: numba kernels and the point- and card-level outcome tables they fill."""

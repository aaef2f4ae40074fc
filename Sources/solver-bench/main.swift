print("solver-bench: not yet")

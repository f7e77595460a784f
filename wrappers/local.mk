# wrappers

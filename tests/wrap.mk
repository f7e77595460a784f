# tests: wrap

# tests: schemes

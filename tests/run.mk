# tests: run

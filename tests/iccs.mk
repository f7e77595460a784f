# tests: iccs

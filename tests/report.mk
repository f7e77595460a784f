# tests: report

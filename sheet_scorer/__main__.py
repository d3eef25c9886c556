from sheet_scorer.cli.main import run

run()

from sudoku_logic.app.cli.main import main

main()

from sudoku_logic.app.cli import main

main()

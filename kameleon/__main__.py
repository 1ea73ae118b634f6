from kameleon.cli.main import main

main()

from qingming.cli import main

raise SystemExit(main())

"""Qingming's command line: wires the rules (qm_rules), the table (qm_net) and the face (qm_tui)."""

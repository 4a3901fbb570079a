"""Yi Jing Pai in plain Python: the fallback engine (docs/backend-interface.md).

Also compiled by Cython as ``pyyijing._cy.yijingpai`` (see ``pyyijing/fallback/__init__.py``).
"""

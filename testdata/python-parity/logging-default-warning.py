import logging

logging.debug("not shown: default level is WARNING")
logging.info("not shown either")
logging.warning("disk at %d%%", 91)
logging.error("could not reach %s", "db-1")
try:
    {}["x"]
except KeyError:
    logging.exception("lookup failed")
print("after logging")
return logging.getLogger().getEffectiveLevel()

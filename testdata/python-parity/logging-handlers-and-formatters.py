import logging
import io

buffer = io.StringIO()
logger = logging.getLogger("app.payments")
logger.setLevel(logging.DEBUG)
logger.propagate = False

console = logging.StreamHandler()  # writes to stderr
console.setLevel(logging.INFO)
console.setFormatter(logging.Formatter("[%(levelname)s] %(name)s - %(message)s"))
memory = logging.StreamHandler(buffer)
memory.setFormatter(logging.Formatter("%(levelname)s|%(funcName)s|%(lineno)d|%(message)s"))

class RedactFilter(logging.Filter):
    def filter(self, record):
        record.msg = str(record.msg).replace("4111111111111111", "****")
        return True

logger.addHandler(console)
logger.addHandler(memory)
logger.addFilter(RedactFilter())

def charge(card, amount):
    logger.debug("charging %s", amount)
    logger.info("card 4111111111111111 charged")
    if amount > 1000:
        logger.warning("large charge: %.2f", amount)

charge("x", 250)
charge("y", 5000)
adapter = logging.LoggerAdapter(logger, {"request": "r-17"})
adapter.info("via adapter")
print("--- captured ---")
print(buffer.getvalue(), end="")
return buffer.getvalue().count("\n")
